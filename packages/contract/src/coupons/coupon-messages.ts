/**
 * Messages of coupons (Lectern's own: spec 2 §8 leaves coupon messages open). Square-bracket
 * placeholders are filled with fillMessage.
 */
export const COUPON_MESSAGES = {
  created: "Coupon '[couponName]' was created.",
  updated: "Coupon '[couponName]' was updated.",
  expiredNow: "Coupon '[couponName]' was expired: it can no longer be used.",
  nameTaken: "A coupon named '[couponName]' already exists (names are compared without case). Choose another name.",
  alreadyExpired: "Coupon '[couponName]' is expired already.",
  expiredNoEdit: "Coupon '[couponName]' is expired and cannot be edited back to life. Create a new coupon instead.",
  unknownMobiles: 'These mobile numbers do not belong to any student: [mobileNumbers]. Nothing was saved.',
  unknownListings: 'These store listings do not exist: [ids]. Nothing was saved.',
  unknownSubjects: 'These subjects do not exist: [ids]. Nothing was saved.',
  flatAboveCheapest:
    "The flat amount ([amount]) is more than the cheapest price it applies to: [price] for '[planLabel]' of '[storeListingName]'. Nothing was saved.",
  endInPast: 'The end date ([applicableUpto]) is in the past. Nothing was saved.',
  studentNotFound: 'No student found for [mobileNumber].',
  listingNotFound: 'We could not find that store listing. It may have been deleted.',
  planNotOnListing: "That plan is not sold on '[storeListingName]'.",
  notApplicable: "Coupon '[couponName]' cannot be used: [reasons]",
  // why a coupon does not apply (the tester and redemption give every one that holds)
  reasonExpired: "'[couponName]' expired on [date].",
  reasonExpiredByStaff: "'[couponName]' was expired by [name] on [date].",
  reasonNotYetValid: "'[couponName]' is valid from [date].",
  reasonLimitReached: "'[couponName]' has been used [used] of [limit|time]: none left.",
  reasonNotForListing: "'[couponName]' is not for '[storeListingName]'.",
  reasonNotForStudent: "'[couponName]' is only for certain students, and [mobileNumber] is not one of them.",
  reasonAlreadyUsed: "[mobileNumber] has already used '[couponName]'.",
} as const;
