/** The reference implementation's entry point: the stdio query server, or {@code serve} for the HTTP endpoint. */
package org.couchtck.reference;
