/**
 * The ID check's worker thread (started by idChecker.ts through analysisWorker.mjs): reads the
 * text of a national ID image with tesseract.js and compares the face on it with the profile
 * picture's with face-api on TensorFlow.js's WebAssembly backend. Everything it needs ships in
 * npm packages, so it runs offline. The models are loaded once, when the thread starts, and
 * stay loaded for every job after.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';
import type * as FaceApi from '@vladmandic/face-api/dist/face-api.node-wasm.js';
import type * as Tf from '@tensorflow/tfjs';
import type * as TfWasm from '@tensorflow/tfjs-backend-wasm';
import type Tesseract from 'tesseract.js';
import type { Analysis } from './judge.js';
import type { AnalysisJob, WorkerMessage } from './protocol.js';

// CommonJS packages, loaded with require so that face-api and this file share one TensorFlow.js.
const require = createRequire(import.meta.url);
const tf = require('@tensorflow/tfjs') as typeof Tf;
const tfWasm = require('@tensorflow/tfjs-backend-wasm') as typeof TfWasm;
const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as typeof FaceApi;
const tesseract = require('tesseract.js') as typeof Tesseract;

const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));
const WASM_DIR = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm'));
const FACE_MODELS = path.join(packageDir('@vladmandic/face-api'), 'model');
/**
 * English LSTM data (eng.traineddata.gz: tesseract.js unzips it, as gzip is on). A langPath on
 * disk and no cache are what keep tesseract.js from downloading the data, which fails offline
 * and takes the process down with it (decision 009: the check runs offline).
 */
const OCR_LANG_PATH = path.join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int');

/**
 * Faces are looked for with the tiny detector first, several times faster than SSD MobileNet,
 * then with SSD MobileNet when it finds none (it misses some faces that fill the picture). The
 * card's photo is small and often flat, hence a low bar; the largest face is then the holder's.
 */
const FACE_DETECTORS = [
  new faceapi.TinyFaceDetectorOptions({ inputSize: 416, scoreThreshold: 0.3 }),
  new faceapi.SsdMobilenetv1Options({ minConfidence: 0.3, maxResults: 5 }),
];
/** Text narrower than this is enlarged first: tesseract reads letters some 20 pixels high best. */
const OCR_MIN_WIDTH = 1000;

const port = parentPort;
if (!port) throw new Error('analysisWorker.ts runs as a worker thread');
const send = (message: WorkerMessage) => port.postMessage(message);

async function loadModels(): Promise<Tesseract.Worker> {
  tfWasm.setWasmPaths(`${WASM_DIR}${path.sep}`);
  await tf.setBackend('wasm');
  await tf.ready();
  await Promise.all([
    faceapi.nets.tinyFaceDetector.loadFromDisk(FACE_MODELS),
    faceapi.nets.ssdMobilenetv1.loadFromDisk(FACE_MODELS),
    faceapi.nets.faceLandmark68Net.loadFromDisk(FACE_MODELS),
    faceapi.nets.faceRecognitionNet.loadFromDisk(FACE_MODELS),
  ]);
  const ocr = await tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, {
    langPath: OCR_LANG_PATH,
    cacheMethod: 'none',
    gzip: true,
    // Without a handler tesseract.js throws a failed job's error from its message listener, which
    // ends the thread; the job's promise is rejected either way, and its caller reports that.
    errorHandler: () => undefined,
  });
  // Images carry no resolution, which tesseract would otherwise guess (and warn about) for every one.
  await ocr.setParameters({ user_defined_dpi: '300' });
  return ocr;
}

async function readText(ocr: Tesseract.Worker, image: Uint8Array): Promise<string> {
  const { width = 0 } = await sharp(image).metadata();
  const prepared = await sharp(image)
    .resize(width < OCR_MIN_WIDTH ? { width: OCR_MIN_WIDTH } : undefined)
    .greyscale()
    .png()
    .toBuffer();
  const { data } = await ocr.recognize(prepared);
  return data.text;
}

/** The descriptor of the largest face in the image, or null when there is none. */
async function largestFace(image: Uint8Array): Promise<Float32Array | null> {
  const { data, info } = await sharp(image).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const tensor = faceapi.tf.tensor3d(data, [info.height, info.width, 3], 'int32');
  try {
    for (const detector of FACE_DETECTORS) {
      const faces = await faceapi.detectAllFaces(tensor, detector).withFaceLandmarks().withFaceDescriptors();
      const largest = faces.reduce<(typeof faces)[number] | null>(
        (best, face) => (best === null || face.detection.box.area > best.detection.box.area ? face : best),
        null,
      );
      if (largest) return largest.descriptor;
    }
    return null;
  } finally {
    tensor.dispose();
  }
}

async function analyse(ocr: Tesseract.Worker, job: AnalysisJob): Promise<Analysis> {
  // OCR runs in tesseract.js's own thread, so it overlaps with the face work done here.
  const [text, onId, inPicture] = await Promise.all([readText(ocr, job.card), largestFace(job.card), largestFace(job.picture)]);
  return {
    text,
    faceOnId: onId !== null,
    faceInPicture: inPicture !== null,
    faceDistance: onId && inPicture ? faceapi.euclideanDistance(onId, inPicture) : null,
  };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

try {
  const ocr = await loadModels();
  port.on('message', (job: AnalysisJob) => {
    analyse(ocr, job).then(
      (analysis) => send({ type: 'done', id: job.id, analysis }),
      (error: unknown) => send({ type: 'failed', id: job.id, message: messageOf(error) }),
    );
  });
  send({ type: 'ready' });
} catch (error) {
  // The checker ends this thread when it reads this.
  send({ type: 'startFailed', message: messageOf(error) });
}
