import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { CSP_DIRECTIVES, securityHeaders } from './responseHeaders';

describe('securityHeaders', () => {
  it('are exactly the headers helmet sets on a real response with the same policy', () => {
    const req = new IncomingMessage(new Socket());
    const res = new ServerResponse(req);
    res.setHeader('X-Powered-By', 'Express');
    const recorded = securityHeaders();
    let nextCalled = false;
    helmet({ contentSecurityPolicy: { directives: CSP_DIRECTIVES } })(req, res, () => {
      nextCalled = true;
    });
    expect(nextCalled).toBe(true);
    expect(recorded).toEqual(res.getHeaders());
    expect(Object.keys(recorded).length).toBeGreaterThan(8);
    expect(recorded['x-powered-by']).toBeUndefined();
    expect(recorded['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});
