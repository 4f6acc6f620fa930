/**
 * Messages of orders and payments (Lectern's own: the specifications only read orders). Square-bracket
 * placeholders are filled with fillMessage.
 */
export const PAYMENT_MESSAGES = {
  orderCreated: 'Order [orderId] was placed for [studentName]: [total] to pay ([paymentMode]).',
  orderRepeated: 'Order [orderId] was placed already with this request: nothing changed.',
  paidOffline:
    'Payment of [amount] by [mode] (reference [reference]) was recorded: order [orderId] is paid, invoice [invoiceNumber] issued.',
  alreadyPaid: 'This payment (reference [reference]) was recorded already: nothing changed.',
  referenceUsed:
    'A [mode] payment with reference [reference] was recorded already for order [orderId]. Check the receipt.',
  studentNameNeeded: "No student has mobile [mobileNumber]: enter the student's name to add them with this order.",
  listingNotFound: 'We could not find that store listing. It may have been deleted.',
  catalogueArchived: "'[catalogueName]' is archived: its plans are no longer sold.",
  planNotOnListing: "That plan is not sold on '[storeListingName]'.",
  planEnded: "'[planLabel]' ended on [endDate]: it can no longer be sold.",
  addOnNotOnListing: "These add-ons are not sold with '[storeListingName]': [ids].",
  orderNotFound: 'We could not find that order.',
  notPayable: 'Order [orderId] is [status]: it can no longer be paid. Place a new order.',
  paidAlready: 'Order [orderId] is paid already (payment [reference]). Nothing was recorded.',
  gatewayUnavailable:
    'The payment gateway could not open a checkout for order [orderId], so the order was cancelled and any coupon use given back. Try again in a few minutes.',
  webhookForged: 'This call is not signed by the payment gateway: nothing was changed.',
  webhookUnreadable: 'The payment gateway sent an event we could not read: [reason]',
  gatewayOff: 'Online payments are not set up on this console (PAYMENT_GATEWAY=offline).',
  receivedInFuture: 'The payment cannot be received after today ([today]).',
  refunded: 'Refund of [amount] recorded for order [orderId]: credit note [creditNoteNumber] issued.[more]',
  refundedOnline: ' The money goes back through the payment gateway; the credit note shows when it has.',
  refundedFully: ' The order is fully refunded: its subscription, undispatched packages and coupon use are cancelled.',
  refundRepeated: 'This refund (credit note [creditNoteNumber]) was made already: nothing changed.',
  notRefundable: 'Order [orderId] is [status]: only a paid order can be refunded.',
  refundAboveRemaining: 'A refund of [amount] is more than the [remaining] that remain refundable on order [orderId].',
  refundModeNeeded:
    'Order [orderId] was paid offline: say how the money went back (cash, UPI, bank transfer or cheque) and its reference.',
  refundSplit:
    'A refund of [amount] cannot be split into equal CGST and SGST halves: refund one paisa more or less, or all that remains.',
  creditNoteNotFound: 'We could not find that credit note on this order.',
} as const;
