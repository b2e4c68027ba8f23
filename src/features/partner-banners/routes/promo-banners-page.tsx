import { Anchor, Card, SimpleGrid, Stack, Tabs, Text, Title, useMatches } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { usePublicConfig } from '../../../lib/config/public-config-context';
import { PageLoader } from '../../../ui/page-loader';
import { useQueryFallback } from '../../../offline/query-state';
import { usePartnerLinks } from '../api/user-info';
import { BannerCard } from '../components/banner-card';
import {
  bannerProgrammes,
  bannerSizes,
  programmeInfo,
  trackingLinkFor,
  type BannerProgramme,
} from '../components/banners';

const BASE = '/partner/promobanners';

/** /partner/promobanners (PROMO_BANNERS): the four programmes as tabs. */
export function PromoBannersLayout() {
  const { productName } = usePublicConfig();
  useDocumentTitle(`Promo banners | ${productName} Partner`);
  const location = useLocation();
  const navigate = useNavigate();
  const current = bannerProgrammes.find((p) => location.pathname.endsWith(`/${p}`)) ?? null;
  // On a phone the four names do not fit one row: they wrap, as pills, rather than being cut.
  const variant = useMatches<'pills' | 'default'>({ base: 'pills', sm: 'default' });
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>Promo banners</Title>
        <Text c="dimmed">
          Banners that link with your own tracking link. Copy the HTML or download.
        </Text>
      </div>
      <Tabs
        variant={variant}
        value={current}
        onChange={(value) => {
          if (value) void navigate(`${BASE}/${value}`);
        }}
      >
        <Tabs.List>
          {bannerProgrammes.map((p) => (
            <Tabs.Tab key={p} value={p}>
              {programmeInfo[p].title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Stack>
  );
}

/** The index: one card per programme. */
export function PromoBannersIndex() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {bannerProgrammes.map((p) => (
        <Card key={p} withBorder radius="md" padding="md">
          <Title order={2} size="h4">
            <Anchor component={Link} to={`${BASE}/${p}`}>
              {programmeInfo[p].title}
            </Anchor>
          </Title>
          <Text size="sm" c="dimmed">
            {bannerSizes.length} banners in the common sizes.
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function ProgrammeBanners({ programme }: { programme: BannerProgramme }) {
  const info = usePartnerLinks();
  const fallback = useQueryFallback(info, <PageLoader label="Loading your banners" />);
  if (info.data === undefined) return fallback;
  const meta = programmeInfo[programme];
  const link = trackingLinkFor(info.data, programme);
  return (
    <Stack gap="md">
      {bannerSizes.map((size) => (
        <BannerCard
          key={size.name}
          product={meta.product}
          width={size.width}
          height={size.height}
          name={size.name}
          link={link}
          alt={meta.alt}
        />
      ))}
    </Stack>
  );
}

export const RpcBountyBanners = () => <ProgrammeBanners programme="rpcbounty" />;
export const HdBountyBanners = () => <ProgrammeBanners programme="hdbounty" />;
export const RpcReferralBanners = () => <ProgrammeBanners programme="rpcreferral" />;
export const HdReferralBanners = () => <ProgrammeBanners programme="hdreferral" />;
