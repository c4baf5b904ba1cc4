/** How the staff screens name a workshop (review queue, back office). */
export interface WorkshopContact {
  id: string;
  firstName: string;
  lastName: string;
  shopName: string;
  email: string;
  zipCode: string;
  city: string;
}

/** A workshop's link to a service centre, as staff see it. */
export interface CentreRow {
  partnerName: string;
  bnr: string;
  customerNumber: string;
  gpnr: string;
}
