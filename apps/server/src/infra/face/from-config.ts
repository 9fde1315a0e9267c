import type { Config } from '../../config/env';
import type { FaceEngine } from './engine';
import { humanFaceEngine } from './human';

/** The configured face engine (FACE_ENGINE); it loads its models on first use. */
export function faceEngineFromConfig(config: Pick<Config, 'FACE_ENGINE'>): FaceEngine {
  switch (config.FACE_ENGINE) {
    case 'human':
      return humanFaceEngine();
  }
}
