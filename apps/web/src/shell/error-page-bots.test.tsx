import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorPage } from '../app/error-pages';
import { renderInShell } from './test-utils';

function setUserAgent(userAgent: string) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

const props = { error: new Error('boom'), reset: () => {} };

describe('fatal error page', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows people the generic error with code 500', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setUserAgent('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36');
    renderInShell(<ErrorPage {...props} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByText('500')).toBeInTheDocument();
  });

  it('shows bots nothing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)');
    const { container } = render(<ErrorPage {...props} />);
    expect(container).toBeEmptyDOMElement();
  });
});
