import { defineBackground } from 'wxt/utils/define-background';
import { startBackground } from '../src/background/start';

export default defineBackground(() => {
  startBackground();
});
