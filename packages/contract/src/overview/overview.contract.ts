import { route } from '../route';
import { OverviewSchema } from './overview.schemas';

export const overviewContract = {
  summary: route({
    method: 'GET',
    path: '/overview/summary',
    summary: "Figures for the signed-in user's roles on the Account Overview",
    access: { kind: 'session', area: 'signedIn' },
    response: OverviewSchema,
  }),
};
