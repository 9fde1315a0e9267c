import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Challenge } from 'altcha-lib/types';
import { request, type RequestOptions } from './http';

/** Solves the server's proof-of-work challenge as the browser does and returns the token. */
export async function humanToken(baseUrl: string, headers: Record<string, string> = {}, { localAddress }: Pick<RequestOptions, 'localAddress'> = {}): Promise<string> {
  const { body: challenge, status } = await request<Challenge>(baseUrl, '/api/v1/human-check/challenge/', { headers, localAddress });
  if (status !== 200) throw new Error(`no challenge: ${status}`);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the challenge');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
