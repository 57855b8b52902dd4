import { ConflictError } from '../../http/errors';

/** Attempts of a write that lost a race with another change of the same items (re-read and re-judged each time). */
export const raceAttempts = 3;

/**
 * Runs `attempt` again when its conditional write lost a race (a 409 `CONFLICT`): each attempt
 * re-reads what it depends on, so the change is applied to what the other writer left. After
 * {@link raceAttempts} losses the 409 reaches the caller.
 * @example return retryingRaces(async () => { const current = await findTask(teamId, id); … await table.write(writes); })
 */
export async function retryingRaces<T>(attempt: () => Promise<T>): Promise<T> {
  for (let round = 1; ; round += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ConflictError) || round >= raceAttempts) throw error;
    }
  }
}
