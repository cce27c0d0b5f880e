/**
 * A care label's product passport QR code (decision 0044): the GS1 Digital Link `url`
 * drawn by bwip-js as SVG ('gs1dlqrcode', error correction M), the code the production PO prints
 * beside the label. bwip-js is loaded on first use (only the QR symbology and the SVG drawing), so
 * only screens that show a passport carry it. The link is written under it and opens the passport.
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

/** The QR code of `url`, `sizePx` square with its quiet zone, and the link under it. */
export function PassportQr({ url, sizePx = 132 }: { url: string; sizePx?: number }) {
  const [svg, setSvg] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('bwip-js/browser')
      .then(({ gs1dlqrcode, drawingSVG }) => {
        const drawn = gs1dlqrcode({ bcid: 'gs1dlqrcode', text: url }, drawingSVG()); // error correction M, BWIPP's default;
        if (live) setSvg(drawn);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [url]);
  return (
    <Stack gap={4} align="center" maw={sizePx + 40} data-testid="passport-qr">
      <Text size="xs" fw={600}>
        Product passport
      </Text>
      {svg && (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={`QR code of the product passport ${url}`}
          width={sizePx}
          height={sizePx}
          style={{
            background: '#fff',
            padding: (sizePx / 33) * 2,
            boxSizing: 'content-box',
            imageRendering: 'pixelated',
          }}
        />
      )}
      {failed && (
        <Text size="xs" c="red.8">
          The QR code could not be drawn.
        </Text>
      )}
      <Anchor
        href={url}
        target="_blank"
        rel="noopener"
        size="xs"
        style={{ wordBreak: 'break-all' }}
        ta="center"
      >
        {url}
      </Anchor>
    </Stack>
  );
}
