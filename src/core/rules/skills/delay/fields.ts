/** A delayed ARO (ARO-3) has no fields: it is declared again against the marker's second skill. */
export const aro = {};
