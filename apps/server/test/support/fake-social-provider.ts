import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export interface FakeUser {
  sub: string;
  email: string;
  given_name?: string;
  family_name?: string;
  email_verified?: boolean;
}

/**
 * A local stand-in for Google and Facebook with its own signing keys: JWKS, an authorize endpoint
 * that redirects back with a token in the fragment, and Facebook's debug_token and /me. It answers
 * 404 to anything else, so an unexpected call fails the test.
 */
export async function startFakeSocialProvider(options: { googleClientId: string; facebookAppId: string; facebookAppSecret: string }) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'fake-key', alg: 'RS256', use: 'sig' };
  const facebookTokens = new Map<string, FakeUser>();
  let nextUser: FakeUser | null = null;
  let issuer = '';

  const googleIdToken = (user: FakeUser, audience = options.googleClientId, nonce?: string) =>
    new SignJWT({ email: user.email, email_verified: user.email_verified ?? true, given_name: user.given_name, family_name: user.family_name, ...(nonce ? { nonce } : {}) })
      .setProtectedHeader({ alg: 'RS256', kid: 'fake-key' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(user.sub)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(privateKey);

  const facebookToken = (user: FakeUser) => {
    const token = `fb-${user.sub}-${Math.random().toString(36).slice(2)}`;
    facebookTokens.set(token, user);
    return token;
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/certs') return json(200, { keys: [jwk] });
    if (url.pathname === '/authorize') {
      const user = nextUser;
      const redirect = url.searchParams.get('redirect_uri');
      if (!user || !redirect) return json(400, { error: 'no user chosen' });
      const provider = url.searchParams.get('response_type') === 'id_token' ? 'google' : 'facebook';
      const token = provider === 'google' ? await googleIdToken(user, url.searchParams.get('client_id') ?? '', url.searchParams.get('nonce') ?? undefined) : facebookToken(user);
      const fragment = new URLSearchParams({ [provider === 'google' ? 'id_token' : 'access_token']: token, state: url.searchParams.get('state') ?? '' });
      res.writeHead(302, { location: `${redirect}#${fragment}` });
      return res.end();
    }
    if (url.pathname === '/debug_token') {
      const user = facebookTokens.get(url.searchParams.get('input_token') ?? '');
      const appToken = `${options.facebookAppId}|${options.facebookAppSecret}`;
      if (url.searchParams.get('access_token') !== appToken) return json(400, { error: { message: 'bad app token' } });
      return json(200, { data: user ? { is_valid: true, app_id: options.facebookAppId, user_id: user.sub } : { is_valid: false } });
    }
    if (url.pathname === '/me') {
      const user = facebookTokens.get(url.searchParams.get('access_token') ?? '');
      if (!user) return json(400, { error: { message: 'bad token' } });
      return json(200, { id: user.sub, email: user.email, first_name: user.given_name, last_name: user.family_name });
    }
    json(404, { error: 'unexpected call' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    url: issuer,
    env: {
      GOOGLE_CLIENT_ID: options.googleClientId,
      GOOGLE_JWKS_URL: `${issuer}/certs`,
      GOOGLE_ISSUERS: issuer,
      GOOGLE_AUTHORIZE_URL: `${issuer}/authorize`,
      FACEBOOK_APP_ID: options.facebookAppId,
      FACEBOOK_APP_SECRET: options.facebookAppSecret,
      FACEBOOK_GRAPH_URL: issuer,
      FACEBOOK_AUTHORIZE_URL: `${issuer}/authorize`,
    },
    googleIdToken,
    facebookToken,
    /** The account the authorize endpoint signs in next. */
    chooseUser(user: FakeUser) {
      nextUser = user;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
