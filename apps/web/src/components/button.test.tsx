import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('refuses to render without a label', () => {
    expect(() => renderToStaticMarkup(<Button label="" />)).toThrow('Button label is required');
  });
  it('renders its label, busy state and type', () => {
    const html = renderToStaticMarkup(<Button label="Send" type="submit" busy />);
    expect(html).toContain('>Send</button>');
    expect(html).toContain('type="submit"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('disabled');
  });
});
