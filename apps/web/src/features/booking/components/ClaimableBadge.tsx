/**
 * The top bar's claimable-appointments badge (spec 1 §2: "There are N claimable appointments",
 * hidden while loading or when N is zero). The claimable count arrives with the booking area;
 * until then there is nothing to show.
 */
export function ClaimableBadge() {
  return null;
}
