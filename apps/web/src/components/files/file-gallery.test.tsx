import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInShell } from '../../shell/test-utils';
import { FileGallery } from './file-gallery';

const file = (uuid: string, name: string, mimetype = 'image/jpeg') => ({
  uuid,
  original_name: name,
  mimetype,
  ext: name.split('.').pop() ?? '',
  bytes: 1,
  thumbnail_base64: mimetype.startsWith('image/') ? 'data:image/jpeg;base64,AAAA' : null,
});

describe('FileGallery', () => {
  it('opens an image full size, steps with the arrow keys, closes with Escape; a PDF opens in a new tab', async () => {
    renderInShell(<FileGallery files={[file('a', 'front.jpg'), file('p', 'invoice.pdf', 'application/pdf'), file('b', 'back.jpg')]} />);
    const pdf = screen.getByRole('link', { name: 'Open invoice.pdf in a new tab' });
    expect(pdf).toHaveAttribute('href', '/api/files/p');
    expect(pdf).toHaveAttribute('target', '_blank');

    fireEvent.click(screen.getByRole('button', { name: 'Open front.jpg' }));
    const lightbox = await screen.findByRole('dialog', { name: 'front.jpg' });
    expect(within(lightbox).getByRole('img', { name: 'front.jpg' })).toHaveAttribute('src', '/api/files/a');
    expect(within(lightbox).getByText('1 of 2')).toBeVisible();
    fireEvent.keyDown(lightbox, { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: 'back.jpg' })).toBeVisible();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowRight' });
    expect(await screen.findByRole('dialog', { name: 'front.jpg' })).toBeVisible();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'ArrowLeft' });
    expect(await screen.findByRole('dialog', { name: 'back.jpg' })).toBeVisible();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await screen.findByRole('button', { name: 'Open back.jpg' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
