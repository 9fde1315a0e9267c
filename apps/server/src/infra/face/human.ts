import { Worker } from 'node:worker_threads';
import { similarity, type DetectedFace, type FaceEngine } from './engine';
import { readPixels, type Pixels } from './pixels';

/** What human-worker.mjs posts: once { ready }, then one answer per image. */
type Reply = { ready: true } | { faces: WorkerFace[] } | { error: string };
interface WorkerFace {
  box: [number, number, number, number];
  score: number;
  embedding: number[];
}

const WORKER = new URL('./human-worker.mjs', import.meta.url);

/**
 * The default FaceEngine: @vladmandic/human's face models in a worker thread, so that the main thread keeps
 * serving requests while an image is examined. Nothing loads until the first detection (about a second and
 * 200 MB: a server or a test that never checks a face does not pay), and calls that come meanwhile wait for
 * the same load. Images take turns, in the order they came, each decoded when its turn comes: a burst of
 * uploads waits in line holding only its compressed bytes. A thread that dies fails the image it held, and
 * the next image starts another.
 */
export function humanFaceEngine(): FaceEngine {
  let thread: Worker | null = null;
  let ready: Promise<Worker> | null = null;
  let turns: Promise<unknown> = Promise.resolve();
  let closed = false;

  function load(): Promise<Worker> {
    if (ready) return ready;
    const started = new Worker(WORKER);
    thread = started;
    // A failure ends the thread; whoever waits hears of it through their own listeners.
    started.on('error', () => {});
    started.once('exit', () => {
      if (thread === started) {
        thread = null;
        ready = null;
      }
    });
    ready = reply(started).then(() => started);
    return ready;
  }

  async function examine(image: Buffer): Promise<DetectedFace[]> {
    if (closed) throw new Error('the face engine is closed');
    const pixels = await readPixels(image);
    const worker = await load();
    const answer = reply(worker);
    worker.postMessage({ data: pixels.data, width: pixels.width, height: pixels.height });
    const result = await answer;
    if ('error' in result) throw new Error(`face detection failed: ${result.error}`);
    if (!('faces' in result)) throw new Error('the face worker answered out of turn');
    return result.faces.map((face) => inSentPixels(face, pixels));
  }

  return {
    detect(image) {
      const turn = turns.then(() => examine(image));
      turns = turn.catch(() => {});
      return turn;
    },
    similarity,
    async close() {
      closed = true;
      await thread?.terminate();
    },
  };
}

/** The thread's next message, or its failure. */
function reply(worker: Worker): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const settle = (done: () => void) => {
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      done();
    };
    const onMessage = (message: Reply) => settle(() => resolve(message));
    const onError = (error: Error) => settle(() => reject(new Error(`the face worker failed: ${error.message}`, { cause: error })));
    const onExit = (code: number) => settle(() => reject(new Error(`the face worker stopped (exit code ${code})`)));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

function inSentPixels(face: WorkerFace, pixels: Pixels): DetectedFace {
  const [x, y, width, height] = face.box.map((v) => Math.round(v * pixels.scale)) as WorkerFace['box'];
  return { box: { x, y, width, height }, score: face.score, embedding: face.embedding };
}
