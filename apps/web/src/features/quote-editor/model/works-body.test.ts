import { describe, expect, it } from 'vitest';
import { contentBody, newDraft } from './draft';

const draft = () => newDraft({ title: 'Fuite', clientAddress: null, siteAddress: null, settings: undefined });

describe('works start, duration and the urgent repair in the body (decisions 1042, 1043)', () => {
  it('sends a blank start date as null and the duration as typed', () => {
    expect(contentBody(draft())).toMatchObject({ works_start_date: null, works_duration_days: null, urgent_repair: false });
    expect(contentBody({ ...draft(), works_start_date: '2027-01-11', works_duration_days: 15 })).toMatchObject({
      works_start_date: '2027-01-11',
      works_duration_days: 15,
    });
  });

  it('sends the urgent-repair flag only for a dépannage', () => {
    expect(contentBody({ ...draft(), urgent_repair: true }).urgent_repair).toBe(false);
    expect(contentBody({ ...draft(), kind: 'depannage', urgent_repair: true }).urgent_repair).toBe(true);
  });
});
