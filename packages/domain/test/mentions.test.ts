import { describe, expect, it } from 'vitest';
import { CLIENT_TYPES, MENTIONS, mentionApplies, mentionMarker, QUOTE_KINDS, requiredMentions } from '../src';

describe('the mentions table (decision 1040)', () => {
  it('gives every row a unique key of its document, a legal basis and at least one marker', () => {
    const keys = MENTIONS.map((m) => m.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const m of MENTIONS) {
      expect(m.key.startsWith(`${m.document}.`)).toBe(true);
      expect(m.basis.trim().length).toBeGreaterThan(5);
      expect(m.markers.length).toBeGreaterThan(0);
      expect(m.markers.every((x) => x.trim().length > 0)).toBe(true);
    }
  });

  it('asks a consumer quote for the mediator and the withdrawal form, a business quote for neither', () => {
    const consumer = requiredMentions('devis', 'particulier', 'travaux').map((m) => m.key);
    const business = requiredMentions('devis', 'entreprise', 'travaux').map((m) => m.key);
    expect(consumer).toEqual(
      expect.arrayContaining([
        'devis.mediator',
        'devis.withdrawal_info',
        'devis.withdrawal_form',
        'devis.insurer_address',
        'devis.works_start',
        'devis.ttc_per_rate',
      ]),
    );
    expect(consumer).not.toContain('devis.recovery_fee');
    expect(business).not.toEqual(expect.arrayContaining(['devis.mediator']));
    expect(business).not.toContain('devis.withdrawal_form');
    expect(business).toContain('devis.recovery_fee');
  });

  it('replaces the withdrawal form by its absence for an urgent repair the consumer asked for (L221-28 8°)', () => {
    const urgent = requiredMentions('devis', 'particulier', 'depannage', { urgentRepair: true }).map((m) => m.key);
    expect(urgent).toContain('devis.no_withdrawal_urgent');
    expect(urgent).not.toContain('devis.withdrawal_form');
    expect(urgent).toContain('devis.received_before_works');
    expect(requiredMentions('devis', 'particulier', 'depannage').map((m) => m.key)).toContain('devis.withdrawal_form');
    expect(requiredMentions('devis', 'particulier', 'travaux').map((m) => m.key)).not.toContain('devis.received_before_works');
  });

  it('asks for the facts-dependent mentions only with their facts', () => {
    for (const clientType of CLIENT_TYPES) {
      for (const kind of QUOTE_KINDS) {
        expect(mentionApplies('devis.reduced_tva', clientType, kind, { reducedTva: true })).toBe(true);
        expect(mentionApplies('devis.reduced_tva', clientType, kind, {})).toBe(false);
        expect(mentionApplies('devis.retention', clientType, kind, { retention: true })).toBe(true);
        expect(mentionApplies('devis.retention', clientType, kind)).toBe(false);
      }
    }
  });

  it('refuses an unknown key', () => {
    expect(() => mentionMarker('devis.nope')).toThrow(RangeError);
    expect(mentionMarker('devis.mediator')).toBe('Médiateur de la consommation :');
  });
});
