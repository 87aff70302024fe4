/**
 * Pure diffing for autosave (issue 10): which answers differ from what the server acknowledged, which of
 * them may be sent now, and the PATCH body that sends them.
 *
 * - `acked` is a DEEP snapshot (structuredClone) of the form values the server acknowledged; it is never a
 *   live reference to the form, so later edits inside a group can never "compare equal" to the snapshot.
 * - Differences are found per leaf: a top-level answer, a sub-field of a group (`emergencyContact.email`)
 *   or a cell of a row list (`passedCollegeLevelOrAPCourses.0.name`).
 * - A leaf failing its format check (the draft schema) — or rejected by the server and unchanged since — is
 *   held back: the server replaces a whole group on PATCH (applications.service `answers[key] = value`),
 *   so the group is sent with that sub-field at its acknowledged value while its valid neighbours go.
 * - Values are written to the API trimmed, '' → null, blank list rows dropped.
 */
import { z } from 'zod';

/** Why an answer is held back: an i18n key (client format check) or the server's own text (422). */
export interface HoldReason {
  key?: string;
  text?: string;
}

/** A server 422 answer for one leaf: holds that leaf while its value stays `value`. */
export interface ServerHold {
  value: unknown;
  text: string;
}

/** Input of {@link planPatch}. */
export interface PlanInput {
  /** Top-level record fields to consider. */
  fields: readonly string[];
  /** Current form values (top-level field → form value). */
  current: Readonly<Record<string, unknown>>;
  /** Deep snapshot of the acknowledged form values. */
  acked: Readonly<Record<string, unknown>>;
  /** Formats-only schema per top-level field (absent → not checked). */
  schemas: Readonly<Record<string, z.ZodType | undefined>>;
  /** Leaves the server rejected (dotted path → hold). */
  serverHolds?: Readonly<Record<string, ServerHold>>;
  /** Fields not sendable right now (e.g. an incomplete program choice): held whole. */
  blocked?: ReadonlySet<string>;
}

/** Output of {@link planPatch}. */
export interface PatchPlan {
  /** API values to PATCH (top-level field → value). */
  body: Record<string, unknown>;
  /** Form values that become the acknowledged snapshot when the PATCH succeeds. */
  sent: Record<string, unknown>;
  /** Leaves held back (dotted path → reason). */
  held: Record<string, HoldReason>;
  /** Every leaf that differs from the acknowledged value (held or to send), in field order. */
  unsaved: string[];
}

/**
 * Normalises a form value for the API: strings trimmed, '' → null; objects recursively; lists with blank
 * rows dropped, their cells trimmed strings ('' kept: the server's row DTO wants strings, spec §3).
 */
export function toApiValue(value: unknown): unknown {
  if (typeof value === 'string') {
    const v = value.trim();
    return v === '' ? null : v;
  }
  if (Array.isArray(value)) {
    // list rows left completely blank (the starting blank row) are not answers
    return value.filter((row) => !isBlankRow(toApiValue(row))).map(toRowValue);
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toApiValue(v)]));
  }
  return value === undefined ? null : value;
}

function toRowValue(row: unknown): unknown {
  if (!isGroup(row)) return toApiValue(row);
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v == null ? '' : toApiValue(v)]));
}

function isBlankRow(row: unknown): boolean {
  return row !== null && typeof row === 'object' && !Array.isArray(row) && Object.values(row).every((v) => v === null);
}

/** True when two form values mean the same API value. */
export function sameAnswer(a: unknown, b: unknown): boolean {
  return JSON.stringify(toApiValue(a)) === JSON.stringify(toApiValue(b));
}

const isGroup = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The schema of sub-field `key` of a group / row schema, unwrapped. */
function child(schema: z.ZodType | undefined, key: string | number): z.ZodType | undefined {
  if (!schema) return undefined;
  if (schema instanceof z.ZodArray) return typeof key === 'number' ? (schema.element as z.ZodType) : undefined;
  if (schema instanceof z.ZodObject) return (schema.shape as Record<string, z.ZodType>)[String(key)];
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return child(schema.unwrap() as z.ZodType, key);
  return undefined;
}

/** First format problem of `value` under `schema` (an i18n key), or null when it passes / is unchecked. */
function formatProblem(schema: z.ZodType | undefined, value: unknown): string | null {
  if (!schema) return null;
  const r = schema.safeParse(value);
  if (r.success) return null;
  const message = r.error.issues[0]?.message ?? '';
  // the step schemas' messages are i18n keys; zod's own (type errors) are not
  return message.startsWith('validation.') ? message : 'autosave.reason_format';
}

interface LeafCtx {
  path: string;
  schema: z.ZodType | undefined;
  input: PlanInput;
  held: Record<string, HoldReason>;
  unsaved: string[];
}

/**
 * Decides one leaf: returns the value to send (current when valid, acked when held) and whether it
 * carries a sendable change.
 */
function leaf(ctx: LeafCtx, cur: unknown, ack: unknown): { value: unknown; changed: boolean } {
  if (sameAnswer(cur, ack)) return { value: cur, changed: false };
  ctx.unsaved.push(ctx.path);
  const server = ctx.input.serverHolds?.[ctx.path];
  if (server && sameAnswer(server.value, cur)) {
    ctx.held[ctx.path] = { text: server.text };
    return { value: ack, changed: false };
  }
  const problem = formatProblem(ctx.schema, cur);
  if (problem) {
    ctx.held[ctx.path] = { key: problem };
    return { value: ack, changed: false };
  }
  return { value: cur, changed: true };
}

/** Diffs one group {k: v} per sub-field; returns the group to send (held sub-fields at their acked value). */
function group(ctx: LeafCtx, cur: Record<string, unknown>, ack: unknown): { value: Record<string, unknown>; changed: boolean } {
  const a = isGroup(ack) ? ack : {};
  const out: Record<string, unknown> = {};
  let changed = false;
  for (const key of new Set([...Object.keys(cur), ...Object.keys(a)])) {
    if (!(key in cur)) {
      out[key] = a[key];
      continue;
    }
    const r = leaf({ ...ctx, path: `${ctx.path}.${key}`, schema: child(ctx.schema, key) }, cur[key], a[key]);
    out[key] = r.value;
    changed ||= r.changed;
  }
  return { value: out, changed };
}

/** Diffs a row list per row cell; removed rows are a sendable change. */
function rows(ctx: LeafCtx, cur: unknown[], ack: unknown): { value: unknown[]; changed: boolean } {
  const a = Array.isArray(ack) ? ack : [];
  if (sameAnswer(cur, a)) return { value: cur, changed: false };
  let changed = false;
  const out = cur.map((row, i) => {
    const rowCtx = { ...ctx, path: `${ctx.path}.${i}`, schema: child(ctx.schema, i) };
    if (isGroup(row)) {
      const r = group(rowCtx, row, a[i]);
      changed ||= r.changed;
      return r.value;
    }
    const r = leaf(rowCtx, row, a[i]);
    changed ||= r.changed;
    return r.value;
  });
  if (a.length > cur.length) {
    for (let i = cur.length; i < a.length; i++) if (!sameAnswer(a[i], null)) ctx.unsaved.push(`${ctx.path}.${i}`);
    changed = true;
  }
  return { value: out, changed };
}

/**
 * Plans one PATCH: every field whose value differs from the acknowledged snapshot, with held-back leaves
 * kept at their acknowledged value. A field goes into `body` only when it carries at least one sendable
 * change. Pure; never mutates its input (returned values are deep copies).
 */
export function planPatch(input: PlanInput): PatchPlan {
  const body: Record<string, unknown> = {};
  const sent: Record<string, unknown> = {};
  const held: Record<string, HoldReason> = {};
  const unsaved: string[] = [];
  for (const f of input.fields) {
    if (!(f in input.current)) continue;
    const cur = input.current[f];
    const ack = input.acked[f];
    const ctx: LeafCtx = { path: f, schema: input.schemas[f], input, held, unsaved };
    if (input.blocked?.has(f)) {
      if (!sameAnswer(cur, ack)) {
        unsaved.push(f);
        held[f] = { key: 'autosave.reason_incomplete' };
      }
      continue;
    }
    const r = Array.isArray(cur) ? rows(ctx, cur, ack) : isGroup(cur) ? group(ctx, cur, ack) : leaf(ctx, cur, ack);
    if (r.changed) {
      sent[f] = structuredClone(r.value);
      body[f] = toApiValue(r.value);
    }
  }
  return { body, sent, held, unsaved };
}

/** The value at a dotted path (`a.0.b`) of a values object, or undefined. */
export function valueAt(values: Readonly<Record<string, unknown>>, path: string): unknown {
  let v: unknown = values;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/**
 * "Keep mine" after a conflict: the server's newer values, except the leaves the user changed (current
 * differs from the old acknowledged value), which keep the user's value. Returns new current values.
 */
export function keepMineMerge(
  fields: readonly string[],
  current: Readonly<Record<string, unknown>>,
  oldAcked: Readonly<Record<string, unknown>>,
  server: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const merge = (cur: unknown, old: unknown, srv: unknown): unknown => {
    if (sameAnswer(cur, old)) return structuredClone(srv);
    if (isGroup(cur) && isGroup(srv)) {
      const o = isGroup(old) ? old : {};
      return Object.fromEntries(Object.keys({ ...srv, ...cur }).map((k) => [k, k in cur ? merge(cur[k], o[k], srv[k]) : srv[k]]));
    }
    if (Array.isArray(cur) && Array.isArray(srv) && Array.isArray(old) && cur.length === old.length && srv.length === old.length) {
      return cur.map((c, i) => merge(c, old[i], srv[i]));
    }
    return structuredClone(cur);
  };
  const out: Record<string, unknown> = {};
  for (const f of fields) if (f in current || f in server) out[f] = f in current ? merge(current[f], oldAcked[f], server[f]) : server[f];
  return out;
}
