// The engine reads no files: tests, like the CLI, give it the packed dictionary the extension ships.
import { useDictionaryFile } from '../src/cli/dictionary-file';

useDictionaryFile();
