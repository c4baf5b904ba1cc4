// Entry of the rulebook bundle for the hook runtime (scripts/bundle-hooks.mjs).
export * from '../../src/rules/index';
export * from '../../src/rules/bank';
export * from '../../src/rules/bank-details';
export * from '../../src/rules/verdicts';
export * from '../../src/rules/campaigns';
export * from '../../src/rules/server-messages';
