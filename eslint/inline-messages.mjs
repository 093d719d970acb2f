// Issue 30: a refusal the API answers is an entry of a `*Messages` object in a file of messages
// alone, catalogued in tests/unit/api-messages.catalogue.ts, so that the console finds its Hindi
// (docs/decisions.md, "Issue 30: domain and server messages in Hindi"). Words written inline in
// `new AppError(...)`, in a rate limit's `refusal` or in its `whenRedisDown.refuse` would show
// in English: this group refuses them. Only text written right there is caught (a literal, a
// template, either side of `? :` or `??`); a call or a name is fine. An English-only answer
// (a partner's server, an operator) goes in an object listed in ENGLISH_ONLY, with why.
// A selector group for `no-restricted-syntax`, combined with the others in restricted-syntax.mjs.
const message =
  'A refusal is written in a *Messages object (a <feature>-messages.ts file) and catalogued in tests/unit/api-messages.catalogue.ts, so the console shows it in Hindi.';
const TEXT = ':matches(Literal, TemplateLiteral)';
const EITHER = ':matches(ConditionalExpression, LogicalExpression)';

export default {
  name: 'inline messages',
  files: ['apps/api/src/**/*.ts'],
  ignores: ['**/*.spec.ts', '**/*.test.ts', 'apps/api/src/database/migrations/**'],
  selectors: [
    { selector: `NewExpression[callee.name='AppError'] > ${TEXT}`, message },
    { selector: `NewExpression[callee.name='AppError'] > ${EITHER} > ${TEXT}`, message },
    { selector: `Property[key.name='refusal'] > ArrowFunctionExpression > ${TEXT}`, message },
    { selector: `Property[key.name='refuse'] > ${TEXT}`, message },
  ],
};
