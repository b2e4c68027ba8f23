import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { PartnerProgram } from '../../../domain/api/partner-reports';
import { apiPost } from '../../../lib/http/api-client';
import { partnerReportKeys } from './keys';
import { useServerMutation } from '../../../lib/http/use-server-mutation';

const paths: Readonly<Record<PartnerProgram, string>> = {
  rpc: '/partner/askToConfirmUser',
  hd: '/partner/askToConfirmhdUser',
};

const answerSchema = z.object({ sent: z.literal(true), message: z.string() });

/** E-mails a referred user a reminder to confirm the account (at most once a day per user). */
export function askToConfirm(program: PartnerProgram, id: string) {
  return apiPost(paths[program], { id }, { schema: answerSchema });
}

export function useAskToConfirm(program: PartnerProgram) {
  const queryClient = useQueryClient();
  return useServerMutation({
    mutationFn: (id: string) => askToConfirm(program, id),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: partnerReportKeys.unconfirmed(program) }),
  });
}
