// The face models (@vladmandic/human on TensorFlow.js's WASM backend) in a thread of their own: inference is
// synchronous WASM, 100-200 ms or more per image, and would stall every request on the main thread.
// Plain JavaScript because Node 20 cannot load TypeScript in a worker thread. Protocol: it posts { ready: true }
// once the models are loaded, then answers each { data, width, height } (RGB rows) with { faces } or { error }.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
// The package's exports map lacks the './' prefixes Node needs, so its Node WASM build is loaded by path.
const humanDist = path.dirname(require.resolve('@vladmandic/human'));
const { Human } = require(path.join(humanDist, 'human.node-wasm.js'));
const modelDir = path.join(humanDist, '..', 'models');
const wasmDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')) + path.sep;
const MODELS = 'human-models://';

const human = new Human({
  backend: 'wasm',
  wasmPath: wasmDir,
  modelBasePath: MODELS,
  debug: false,
  async: false,
  warmup: 'none',
  // Each image stands alone: no reuse of the previous frame's results, as there would be for a video.
  cacheSensitivity: 0,
  filter: { enabled: false },
  gesture: { enabled: false },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    // rotation: tilted faces are turned upright before they are described.
    detector: { rotation: true, maxDetected: 10, minConfidence: 0.5, return: false },
    // The mesh places the face precisely for its description and drops detections that are not faces.
    mesh: { enabled: true },
    description: { enabled: true },
    iris: { enabled: false },
    emotion: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
  },
});

/**
 * Models are read from the package's folder on disk. Human's Node WASM build would fetch them, and Node's
 * fetch has no file: URLs; TensorFlow.js asks its registered load routers first, so this one answers for
 * MODELS addresses without a server or a network call.
 */
human.tf.io.registerLoadRouter((url) => {
  if (typeof url !== 'string' || !url.startsWith(MODELS)) return null;
  const file = path.join(modelDir, path.basename(url));
  return {
    load: async () =>
      human.tf.io.getModelArtifactsForJSON(JSON.parse(await readFile(file, 'utf8')), async (manifest) => {
        const specs = manifest.flatMap((group) => group.weights);
        const shards = await Promise.all(manifest.flatMap((group) => group.paths).map((shard) => readFile(path.join(modelDir, shard))));
        const weights = human.tf.io.concatenateArrayBuffers(shards.map((b) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)));
        return [specs, weights];
      }),
  };
});

async function detect({ data, width, height }) {
  const tensor = human.tf.tensor3d(data, [height, width, 3], 'int32');
  try {
    const result = await human.detect(tensor);
    if (result.error) throw new Error(result.error);
    return result.face
      .filter((face) => face.embedding?.length)
      .map((face) => ({ box: face.box, score: face.score, embedding: Array.from(face.embedding) }));
  } finally {
    human.tf.dispose(tensor);
  }
}

await human.load();
// Human reports a model that failed to load on the console and goes on without it: refuse to start instead.
const failed = human.models.stats().modelStats.filter((model) => !model.loaded).map((model) => model.name);
if (failed.length) throw new Error(`face models not loaded: ${failed.join(', ')}`);
parentPort.postMessage({ ready: true });
parentPort.on('message', (image) => {
  detect(image).then(
    (faces) => parentPort.postMessage({ faces }),
    (error) => parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
