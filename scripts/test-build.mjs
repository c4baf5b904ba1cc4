#!/usr/bin/env node
// @ts-check
// npm test's build step: the run's one build (dist-e2e/), which the budget, the browser tests
// and npm run lighthouse use (issue 33).
import { testBuild } from './lib/build.mjs';

testBuild(console.log, { force: true });
