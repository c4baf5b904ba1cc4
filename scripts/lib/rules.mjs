// @ts-check
// The rulebook (src/rules) for Node scripts, through the same CommonJS bundle the hooks load.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const rules = require('../../pb_hooks/vendor/rules.js');
