import type { PartnerUserInfo } from '../../../domain/api/session';

export const bannerProgrammes = ['rpcbounty', 'hdbounty', 'rpcreferral', 'hdreferral'] as const;
export type BannerProgramme = (typeof bannerProgrammes)[number];

export const programmeInfo: Readonly<
  Record<BannerProgramme, { title: string; product: 'rpc' | 'hd'; alt: string }>
> = {
  rpcbounty: { title: 'Remote access bounty', product: 'rpc', alt: 'RemotePC remote access' },
  hdbounty: { title: 'Helpdesk bounty', product: 'hd', alt: 'RemotePC Helpdesk' },
  rpcreferral: { title: 'Remote access referral', product: 'rpc', alt: 'RemotePC remote access' },
  hdreferral: { title: 'Helpdesk referral', product: 'hd', alt: 'RemotePC Helpdesk' },
};

/** The common IAB sizes, as generated into public/banners/. */
export const bannerSizes = [
  { width: 728, height: 90, name: 'Leaderboard' },
  { width: 300, height: 250, name: 'Medium rectangle' },
  { width: 160, height: 600, name: 'Wide skyscraper' },
  { width: 320, height: 50, name: 'Mobile banner' },
] as const;

/** The partner's own tracking link for a programme (user_info's four links). */
export function trackingLinkFor(info: PartnerUserInfo, programme: BannerProgramme): string {
  switch (programme) {
    case 'rpcbounty':
      return info.bountyLink;
    case 'hdbounty':
      return info.bountyHdLink;
    case 'rpcreferral':
      return info.link;
    case 'hdreferral':
      return info.hdLink;
  }
}

export const bannerPath = (product: 'rpc' | 'hd', width: number, height: number) =>
  `/rpc-app/banners/${product}-${String(width)}x${String(height)}.svg`;

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Ready-to-paste HTML: the banner image linking to the partner's tracking link. */
export function bannerHtml(options: {
  link: string;
  imageUrl: string;
  width: number;
  height: number;
  alt: string;
}): string {
  return `<a href="${escapeAttribute(options.link)}" target="_blank" rel="noopener"><img src="${escapeAttribute(options.imageUrl)}" width="${String(options.width)}" height="${String(options.height)}" alt="${escapeAttribute(options.alt)}" style="border:0"></a>`;
}
