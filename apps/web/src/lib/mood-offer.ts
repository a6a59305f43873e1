/**
 * The end of a person's own time-card entry is one of the two moments the daily check-in is offered (issue 21); the
 * time-card module says so with this event and the mood prompt in the app bar (if not answered or put off today)
 * opens. An event, so neither module imports the other.
 */
export const MOOD_OFFER_EVENT = 'groundwork:mood-offer';

export function offerMoodCheckIn(): void {
  window.dispatchEvent(new Event(MOOD_OFFER_EVENT));
}
