import { describe, expect, it } from '@jest/globals';
import { pictureFormatOf, pictureFormatOfName } from './picture-format.js';

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((part) => Buffer.from(part as never)));

describe('picture formats', () => {
  it('knows PNG, JPEG and WebP by their magic numbers', () => {
    expect(pictureFormatOf(bytes([0x89], 'PNG\r\n\x1a\n', 'rest'))?.contentType).toBe('image/png');
    expect(pictureFormatOf(bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'))?.contentType).toBe(
      'image/jpeg',
    );
    expect(pictureFormatOf(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))?.extension).toBe('webp');
  });

  it.each([
    ['a text file', bytes('hello, I am a PNG')],
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a GIF', bytes('GIF89a....')],
    ['a RIFF that is not WebP', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt ')],
    ['a signature and nothing after it', bytes([0xff, 0xd8, 0xff])],
    ['nothing', bytes()],
  ])('refuses %s', (_name, content) => {
    expect(pictureFormatOf(content)).toBeUndefined();
  });

  it('takes only names it could have made', () => {
    const name = '0123456789abcdef0123456789abcdef';
    expect(pictureFormatOfName(`${name}.png`)?.contentType).toBe('image/png');
    expect(pictureFormatOfName(`${name}.jpg`)?.contentType).toBe('image/jpeg');
    expect(pictureFormatOfName(`${name}.webp`)?.contentType).toBe('image/webp');
    for (const bad of [
      `${name}.gif`,
      `${name.toUpperCase()}.png`,
      `../${name}.png`,
      `${name}.png/..`,
      `${name}.png\0`,
      '..%2F..%2Fetc%2Fpasswd',
      'index.html',
    ]) {
      expect(pictureFormatOfName(bad)).toBeUndefined();
    }
  });
});
