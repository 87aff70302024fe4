/**
 * Jest environment of the applicant-ui's component tests: jsdom, plus the Fetch API classes,
 * TextEncoder/TextDecoder, structuredClone and AbortController/AbortSignal of Node (jsdom has none of the
 * first three groups — the autosave controller deep-copies with structuredClone — and react-router's data
 * routers build `Request`s whose signal must be Node's own).
 * A test file asks for it with the docblock `@jest-environment ./src/test/jsdom-environment.js`.
 */
import JSDOMEnvironment from 'jest-environment-jsdom';

const FROM_NODE = [
  'Request',
  'Response',
  'Headers',
  'fetch',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'AbortController',
  'AbortSignal',
];

export default class JsdomWithFetchEnvironment extends JSDOMEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }
}
