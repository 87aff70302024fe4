// @ts-check
import Sequencer from '@jest/test-sequencer';

/**
 * The e2e files whose run is longest, longest first (seconds measured with two workers in CI): the
 * typing model ~220 s and the accessibility sweep, one file per language, ~180 s each. Jest's own order puts the files it has no timing for
 * by size, so on a fresh clone these small-but-long files started last and the run waited on them
 * alone; here they start first, one per worker, and the short files fill in around them.
 */
const LONGEST_FIRST = [
  'typing-model.e2e-spec.ts',
  'accessibility-en.e2e-spec.ts',
  'accessibility-es.e2e-spec.ts',
  'accessibility-zh-cn.e2e-spec.ts',
];

/** Jest's default sequencer, with {@link LONGEST_FIRST} moved to the front. */
export default class SlowFirstSequencer extends Sequencer {
  async sort(tests) {
    const rank = (test) => {
      const i = LONGEST_FIRST.findIndex((name) => test.path.endsWith(`/${name}`));
      return i === -1 ? LONGEST_FIRST.length : i;
    };
    const sorted = await super.sort(tests);
    return [...sorted].sort((a, b) => rank(a) - rank(b));
  }
}
