import {
  Button,
  Card,
  CopyButton,
  Group,
  Image,
  Text,
  Textarea,
  Title,
  Tooltip,
} from '@mantine/core';
import { bannerHtml, bannerPath } from './banners';

/** One banner: the picture (scaled to fit a phone), its HTML, copy and download. */
export function BannerCard({
  product,
  width,
  height,
  name,
  link,
  alt,
}: {
  product: 'rpc' | 'hd';
  width: number;
  height: number;
  name: string;
  link: string;
  alt: string;
}) {
  const path = bannerPath(product, width, height);
  const html = bannerHtml({
    link,
    imageUrl: `${window.location.origin}${path}`,
    width,
    height,
    alt,
  });
  const size = `${String(width)}x${String(height)}`;
  const titleId = `banner-${product}-${size}`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {name} {size}
      </Title>
      <Image
        src={path}
        alt={alt}
        w={width}
        maw="100%"
        h="auto"
        my="sm"
        fit="contain"
        style={{ aspectRatio: `${String(width)} / ${String(height)}`, maxHeight: 320 }}
      />
      <Textarea
        label={`HTML for the ${size} banner`}
        value={html}
        readOnly
        autosize
        minRows={3}
        styles={{ input: { fontFamily: 'monospace', fontSize: 12 } }}
      />
      <Group gap="xs" mt="sm">
        <CopyButton value={html} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label="Copied to clipboard" opened={copied} withArrow>
              <Button
                size="xs"
                variant={copied ? 'filled' : 'light'}
                color={copied ? 'teal.9' : undefined}
                onClick={copy}
                aria-label={`Copy HTML of the ${size} banner`}
              >
                {copied ? 'Copied' : 'Copy HTML'}
              </Button>
            </Tooltip>
          )}
        </CopyButton>
        <Button
          size="xs"
          variant="default"
          component="a"
          href={path}
          download={`${product}-${size}.svg`}
          aria-label={`Download the ${size} banner`}
        >
          Download
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt="xs" style={{ overflowWrap: 'anywhere' }}>
        Links to {link}
      </Text>
    </Card>
  );
}
