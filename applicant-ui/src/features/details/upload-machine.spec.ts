import { jest } from '@jest/globals';
import { apiError } from '../../shared/api/api-answer.fixture';
import {
  FIELD_FOCUS_DELAY_MS,
  LOADING_HOLD_MS,
  SlotUploadError,
  UploadStore,
  slotErrorsFrom,
  type ChosenFile,
  type UploadDeps,
} from './upload-machine';
import { missingSlots, slotRows } from './slots';
import { toAttachment, type AttachmentView } from './details-api';
import { missingFromError } from './FinishStep';
import { detailsStep } from './DetailsForm';

const file = (name: string): ChosenFile => Object.assign(new Blob(['%PDF-1.7']), { name });

/** The error the client rejects with when the API refuses an attachment (422 with `errors.file`). */
function refused(message: string) {
  return apiError(422, { success: false, code: 'ATT-004', message: 'Validation failed', errors: { file: [message] } });
}

function setup(overrides: Partial<UploadDeps> = {}) {
  const calls = { validate: [] as string[], upload: [] as string[], focus: [] as string[] };
  const deps: UploadDeps = {
    validate: async (slot) => {
      calls.validate.push(slot);
    },
    upload: async (slot, f, onProgress) => {
      calls.upload.push(slot);
      onProgress(50);
      onProgress(100);
      return { id: `id-${slot}`, field: slot, name: f.name, size: f.size, contentType: 'application/pdf', uploadedAt: null };
    },
    focus: (slot) => calls.focus.push(slot),
    fallbackMessage: () => 'fallback',
    ...overrides,
  };
  return { store: new UploadStore(deps), calls };
}

/** Lets pending promise callbacks run (fake timers do not touch microtasks). */
const flush = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve();
};

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('upload state per slot', () => {
  it('choosing a file stores {file, name}, clears errors and is not validated', () => {
    const { store } = setup();
    const f = file('essay.pdf');
    store.choose('essay', f);
    expect(store.slot('essay')).toMatchObject({ file: f, name: 'essay.pdf', errors: [], validated: false });
  });

  it('validates on the server, then holds the loading indicator for 3 s before completing', async () => {
    const { store, calls } = setup();
    let done = false;
    const run = store.chooseAndValidate('essay', file('essay.pdf')).then(() => (done = true));
    await flush();
    expect(calls.validate).toEqual(['essay']);
    expect(store.slot('essay')).toMatchObject({ validated: true, errors: [] });
    expect(store.getState().loading).toBe(true);
    jest.advanceTimersByTime(LOADING_HOLD_MS - 1);
    await flush();
    expect(done).toBe(false);
    expect(store.getState().loading).toBe(true);
    jest.advanceTimersByTime(1);
    await run;
    expect(store.getState().loading).toBe(false);
  });

  it('an invalid file stores the response errors on the slot, clears loading, rejects, and focuses the field after 1.5 s', async () => {
    const { store, calls } = setup({
      validate: async () => {
        throw refused('This file type is not allowed.');
      },
    });
    const outcome = store.chooseAndValidate('picture', file('notes.txt')).catch((e: unknown) => e);
    const error = await outcome;
    expect(error).toBeInstanceOf(SlotUploadError);
    expect(store.slot('picture')).toMatchObject({ validated: false, errors: ['This file type is not allowed.'] });
    expect(store.getState().loading).toBe(false);
    jest.advanceTimersByTime(FIELD_FOCUS_DELAY_MS - 1);
    expect(calls.focus).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(calls.focus).toEqual(['picture']);
  });

  it('choosing another file clears the previous errors', async () => {
    const { store } = setup({
      validate: async () => {
        throw refused('Too large');
      },
    });
    await store.chooseAndValidate('resume', file('big.pdf')).catch(() => undefined);
    expect(store.slot('resume').errors).toEqual(['Too large']);
    store.choose('resume', file('small.pdf'));
    expect(store.slot('resume')).toMatchObject({ errors: [], validated: false, name: 'small.pdf' });
  });

  it('upload validates only the chosen-but-unvalidated files first, then uploads every chosen file with progress', async () => {
    const { store, calls } = setup();
    const first = store.chooseAndValidate('essay', file('essay.pdf'));
    await flush();
    jest.advanceTimersByTime(LOADING_HOLD_MS);
    await first;
    store.choose('resume', file('resume.pdf'));
    const progress: (number | null)[] = [];
    store.subscribe(() => progress.push(store.slot('resume').progress));
    const run = store.upload();
    await flush();
    expect(calls.validate).toEqual(['essay', 'resume']);
    expect(calls.upload).toEqual(['essay', 'resume']);
    expect(progress).toEqual(expect.arrayContaining([0, 50, 100]));
    expect(store.getState().loading).toBe(true);
    jest.advanceTimersByTime(LOADING_HOLD_MS);
    const stored = await run;
    expect(stored.map((a) => a.field)).toEqual(['essay', 'resume']);
    expect(store.slot('resume')).toMatchObject({ file: null, progress: null, uploaded: { id: 'id-resume', name: 'resume.pdf' } });
    expect(store.getState().loading).toBe(false);
  });

  it('upload stops before storing anything when a pending file is refused', async () => {
    const { store, calls } = setup({
      validate: async (slot) => {
        if (slot === 'picture') throw refused('Only JPEG or PNG pictures.');
      },
    });
    store.choose('essay', file('essay.pdf'));
    store.choose('picture', file('picture.pdf'));
    await expect(store.upload()).rejects.toBeInstanceOf(SlotUploadError);
    expect(calls.upload).toEqual([]);
    expect(store.slot('picture').errors).toEqual(['Only JPEG or PNG pictures.']);
    expect(store.getState().loading).toBe(false);
    jest.advanceTimersByTime(FIELD_FOCUS_DELAY_MS);
    expect(calls.focus).toEqual(['picture']);
  });

  it('an upload failure is stored on the slot too', async () => {
    const { store } = setup({
      upload: async () => {
        throw refused('The file is empty.');
      },
    });
    store.choose('essay', file('essay.pdf'));
    await expect(store.upload()).rejects.toBeInstanceOf(SlotUploadError);
    expect(store.slot('essay')).toMatchObject({ errors: ['The file is empty.'], progress: null });
  });

  it('reads errors.file, then any field error, then the message, then the fallback', () => {
    expect(slotErrorsFrom(refused('bad'), 'x')).toEqual(['bad']);
    expect(slotErrorsFrom(new Error('network'), 'fallback')).toEqual(['fallback']);
  });
});

describe('slot rows', () => {
  it('lists required slots in display order, unknown ones after, then the four optional AP slots', () => {
    const rows = slotRows(['resume', 'picture', 'newSlot']);
    expect(rows.map((r) => r.slot)).toEqual([
      'picture',
      'resume',
      'newSlot',
      'passedCollegeLevelOrAPCoursesFiles1',
      'passedCollegeLevelOrAPCoursesFiles2',
      'passedCollegeLevelOrAPCoursesFiles3',
      'passedCollegeLevelOrAPCoursesFiles4',
    ]);
    expect(rows.filter((r) => r.required).map((r) => r.slot)).toEqual(['picture', 'resume', 'newSlot']);
  });
  it('reports the required slots still missing', () => {
    expect(missingSlots(['picture', 'resume'], new Set(['resume']))).toEqual(['picture']);
  });
});

describe('attachment answers', () => {
  it('reads the nested upload answer and the list rows', () => {
    const view: AttachmentView = {
      id: 'a1',
      attachment: 'a1',
      field: 'resume',
      name: 'cv.pdf',
      size: 2048,
      type: 'application/pdf',
      uploadedAt: '2026-11-22T08:00:00Z',
      sha256: 'ab',
      validated: true,
    };
    expect(toAttachment(view)).toEqual({
      id: 'a1',
      field: 'resume',
      name: 'cv.pdf',
      size: 2048,
      contentType: 'application/pdf',
      uploadedAt: '2026-11-22T08:00:00Z',
    });
    // a validation answer names no stored attachment
    expect(toAttachment({ ...view, id: undefined, attachment: undefined })).toBeNull();
  });
  it('reads the missing slots of a refused completion', () => {
    expect(missingFromError({ missing: ['picture', { field: 'resume' }] })).toEqual(['picture', 'resume']);
    expect(missingFromError(null)).toEqual([]);
  });
  it('shows details step 2 only when asked for, else 1', () => {
    expect(detailsStep(2)).toBe(2);
    expect(detailsStep(null)).toBe(1);
    expect(detailsStep(7)).toBe(1);
  });
});

describe('upload on choice (issue 10 item 3)', () => {
  /** A promise resolved or rejected from outside. */
  function deferred<T>() {
    let resolve!: (v: T) => void;
    let reject!: (e: unknown) => void;
    const promise = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    return { promise, resolve, reject };
  }
  const info = (slot: string, name: string) => ({
    id: `id-${slot}`,
    field: slot,
    name,
    size: 8,
    contentType: 'application/pdf',
    uploadedAt: null,
  });
  const networkDown = () => new TypeError('Failed to fetch');

  it('checks then uploads each chosen file at once, one at a time in the order chosen, and nothing is left unsent', async () => {
    const gates = new Map<string, ReturnType<typeof deferred<void>>>();
    const order: string[] = [];
    const { store } = setup({
      upload: async (slot, f, onProgress) => {
        order.push(`start ${slot}`);
        const gate = deferred<void>();
        gates.set(slot, gate);
        onProgress(40);
        await gate.promise;
        order.push(`end ${slot}`);
        return info(slot, f.name);
      },
    });
    const outcomes = ['essay', 'resume', 'picture'].map((slot) => store.chooseAndUpload(slot, file(`${slot}.pdf`)));
    await flush();
    expect(order).toEqual(['start essay']);
    expect(store.getState().loading).toBe(true);
    expect(store.slot('essay').progress).toBe(40);
    expect(store.unsent()).toEqual({ inFlight: ['essay', 'resume', 'picture'], failed: [] });
    gates.get('essay')!.resolve();
    await flush();
    expect(order).toEqual(['start essay', 'end essay', 'start resume']);
    expect(store.slot('essay')).toMatchObject({ file: null, progress: null, uploaded: { id: 'id-essay' } });
    expect(store.unsent().inFlight).toEqual(['resume', 'picture']);
    gates.get('resume')!.resolve();
    await flush();
    gates.get('picture')!.resolve();
    await expect(Promise.all(outcomes)).resolves.toHaveLength(3);
    expect(store.unsent()).toEqual({ inFlight: [], failed: [] });
    expect(store.getState().loading).toBe(true);
    jest.advanceTimersByTime(LOADING_HOLD_MS);
    await flush();
    expect(store.getState().loading).toBe(false);
  });

  it('a refused file keeps its errors and stays unsent (not retryable) while the next file still uploads', async () => {
    const { store, calls } = setup({
      validate: async (slot) => {
        if (slot === 'essay') throw refused('Only PDF, JPEG, PNG, DOC or DOCX files are accepted.');
      },
    });
    const essay = store.chooseAndUpload('essay', file('essay.exe'));
    const resume = store.chooseAndUpload('resume', file('resume.pdf'));
    await expect(essay).rejects.toBeInstanceOf(SlotUploadError);
    await expect(resume).resolves.toMatchObject({ field: 'resume' });
    expect(calls.upload).toEqual(['resume']);
    expect(store.slot('essay')).toMatchObject({
      name: 'essay.exe',
      retryable: false,
      errors: ['Only PDF, JPEG, PNG, DOC or DOCX files are accepted.'],
    });
    expect(store.unsent()).toEqual({ inFlight: [], failed: ['essay'] });
    expect(store.retryable()).toEqual([]);
  });

  it('a file the network failed to send can be tried again, and then nothing is unsent', async () => {
    let online = false;
    const { store, calls } = setup({
      upload: async (slot, f) => {
        calls.upload.push(slot);
        if (!online) throw networkDown();
        return info(slot, f.name);
      },
    });
    await expect(store.chooseAndUpload('essay', file('essay.pdf'))).rejects.toBeInstanceOf(SlotUploadError);
    expect(store.slot('essay')).toMatchObject({ retryable: true, name: 'essay.pdf', errors: ['fallback'] });
    expect(store.unsent().failed).toEqual(['essay']);
    expect(store.retryable()).toEqual(['essay']);
    online = true;
    const [again] = store.retry();
    expect(store.retryable()).toEqual([]);
    await expect(again).resolves.toMatchObject({ field: 'essay' });
    expect(calls.upload).toEqual(['essay', 'essay']);
    expect(store.unsent()).toEqual({ inFlight: [], failed: [] });
    expect(store.slot('essay')).toMatchObject({ file: null, errors: [], uploaded: { id: 'id-essay' } });
  });

  it('a file replaced while waiting in the queue is not sent; only the newer one is', async () => {
    const gate = deferred<void>();
    const sent: string[] = [];
    const { store } = setup({
      upload: async (slot, f) => {
        sent.push(f.name);
        if (slot === 'essay') await gate.promise;
        return info(slot, f.name);
      },
    });
    const first = store.chooseAndUpload('essay', file('essay.pdf'));
    const older = store.chooseAndUpload('resume', file('old.pdf'));
    const newer = store.chooseAndUpload('resume', file('new.pdf'));
    gate.resolve();
    await first;
    await expect(older).resolves.toBeNull();
    await expect(newer).resolves.toMatchObject({ name: 'new.pdf' });
    expect(sent).toEqual(['essay.pdf', 'new.pdf']);
    expect(store.unsent()).toEqual({ inFlight: [], failed: [] });
  });
});
