/** A byte stream that hands out `bytes` in reads of `readSize` bytes (Infinity: one read), as a network body would. */
export function feed(bytes: Uint8Array, readSize: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        const end = Math.min(bytes.length, offset + readSize);
        controller.enqueue(bytes.subarray(offset, end));
        offset = end;
      },
    },
    { highWaterMark: 0 },
  );
}

/** Read sizes used throughout, with their labels. */
export const READ_SIZES: { label: string; size: number }[] = [
  { label: '16 KB reads', size: 16 * 1024 },
  { label: '64 KB reads', size: 64 * 1024 },
  { label: '1 read', size: Number.POSITIVE_INFINITY },
];
