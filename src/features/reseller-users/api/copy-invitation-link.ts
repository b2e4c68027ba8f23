import { inviteLinkSchema } from '../../../domain/api/reseller-users';
import { apiPost } from '../../../lib/http/api-client';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

/** POST /rpc-api/reseller/user/invite/link: the pending invitation's current link. */
export function getInvitationLink(userId: string) {
  return apiPost('/reseller/user/invite/link', { userId }, { schema: inviteLinkSchema });
}

/** Fetches the link and puts it on the clipboard. */
export function useCopyInvitationLink() {
  return useServerMutation({
    mutationFn: async (userId: string) => {
      const { link } = await getInvitationLink(userId);
      await navigator.clipboard.writeText(link);
      return link;
    },
  });
}
