/**
 * Jest environment of the admin-ui's component tests (`*.spec.tsx`): jsdom, plus the Fetch API classes,
 * TextEncoder/TextDecoder, structuredClone and AbortController/AbortSignal of Node, which react-admin and
 * react-router use and jsdom lacks (STACK-NOTES: no MessageChannel — it made jest hang). A test file asks for it
 * with the docblock `@jest-environment ./src/test/jsdom-environment.js`.
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
