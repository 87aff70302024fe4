import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ATTACHMENT_SLOTS } from '../src/modules/attachments/attachment-slots.js';

const MIB = 1024 * 1024;

/** Peak RSS and heap seen while `work` runs, sampled every 5 ms, relative to just before it. */
async function peakGrowth(work: () => Promise<void>): Promise<{ rss: number; heap: number; ms: number }> {
  const base = process.memoryUsage();
  let rss = base.rss;
  let heap = base.heapUsed;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    rss = Math.max(rss, now.rss);
    heap = Math.max(heap, now.heapUsed);
  }, 5);
  const t0 = performance.now();
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return { rss: (rss - base.rss) / MIB, heap: (heap - base.heapUsed) / MIB, ms: performance.now() - t0 };
}

/** Sends one multipart upload whose file part streams from disk (the client holds ~64 KiB at a time). */
function upload(port: number, token: string, applicationId: string, slot: string, file: string, size: number): Promise<number> {
  const boundary = `----bench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="parentId"\r\n\r\n${applicationId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="field"\r\n\r\n${slot}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/details/attachments',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
          'x-application-token': token,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.write(head);
    const body = createReadStream(file);
    body.on('error', reject);
    body.on('end', () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

/**
 * Prints the server's memory growth (peak RSS and heap over the baseline) for one and for 20 concurrent
 * 20 MiB uploads to local storage. The API runs in this process, so the figure is the server's (plus the
 * streaming client's few hundred KiB). Needs UPLOAD_MAX_FILE_BYTES ≥ 20 MiB and a large application total.
 */
export async function benchUploadMemory(port: number, token: string, applicationId: string, dir: string): Promise<void> {
  const size = 20 * MIB;
  const file = join(dir, 'bench-20mib.pdf');
  const content = Buffer.alloc(size, 0x20);
  content.write('%PDF-1.7\n%bench\n');
  await writeFile(file, content);
  const slots = ATTACHMENT_SLOTS.filter((s) => s !== 'picture');
  for (const concurrency of [1, 20]) {
    const statuses: number[] = [];
    const growth = await peakGrowth(async () => {
      statuses.push(
        ...(await Promise.all(Array.from({ length: concurrency }, (_, i) => upload(port, token, applicationId, slots[i], file, size)))),
      );
    });
    const failed = statuses.filter((s) => s !== 201).length;
    const mibPerSecond = (concurrency * size) / MIB / (growth.ms / 1000);
    console.log(
      `upload memory, ${concurrency} × 20 MiB concurrent: peak RSS +${growth.rss.toFixed(1)} MiB, peak heap +${growth.heap.toFixed(1)} MiB ` +
        `(data ${concurrency * 20} MiB), ${growth.ms.toFixed(0)} ms, ${mibPerSecond.toFixed(0)} MiB/s, failures ${failed}`,
    );
  }
}
