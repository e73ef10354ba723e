import { consumerMediator, type Executor } from '@ouvrage/db';

/** The platform's one consumer-mediator row, if the admin kept one. */
export async function findMediator(db: Executor) {
  const [row] = await db.select().from(consumerMediator).limit(1);
  return row;
}

export async function saveMediatorRow(db: Executor, values: { name: string; website: string; address: string | null; updatedAt: Date }): Promise<void> {
  await db
    .insert(consumerMediator)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: consumerMediator.id, set: values });
}
