import { afterEach } from 'vitest';
import { closeOpenContexts } from './app';

afterEach(closeOpenContexts);
