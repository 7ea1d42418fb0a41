import { parentPort, workerData } from 'node:worker_threads';
import { type TrainingExample, trainClassifier } from './help.classifier.ts';

/** Trains the help centre's article classifier off the main thread (help.classifier.ts, trainInWorker). */
const model = trainClassifier(workerData as TrainingExample[]);
parentPort?.postMessage(model, [model.weights.buffer as ArrayBuffer, model.bias.buffer as ArrayBuffer]);
