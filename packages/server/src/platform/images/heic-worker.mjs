// Runs in a worker thread of its own (open-picture.ts): decodes one HEIC photo with libheif compiled
// to WebAssembly, which takes a core for a second or more on a phone-sized photo and would otherwise
// hold the event loop — every other request and socket — that long. Plain JavaScript on purpose: it
// loads the same under tsx, vitest and a bundled build, where it must sit next to the bundle.
import { parentPort, workerData } from 'node:worker_threads';
import decodeHeic from 'heic-decode';

/** @type {{ bytes: Uint8Array, maxPixels: number }} */
const { bytes, maxPixels } = workerData;
const images = await decodeHeic.all({ buffer: bytes });
try {
  const [first] = images;
  // The size is read before the pixels are, so an oversized photo is refused without allocating it.
  if (!first || first.width * first.height > maxPixels) {
    parentPort?.postMessage(null);
  } else {
    const { width, height, data } = await first.decode();
    parentPort?.postMessage({ width, height, data }, [data.buffer]);
  }
} finally {
  images.dispose();
}
