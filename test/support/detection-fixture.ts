/** The texts of test/fixtures/detection (their README says where each comes from). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const detectionFixture = (name: string): string => readFileSync(join(import.meta.dirname, '../fixtures/detection', `${name}.txt`), 'utf8');
