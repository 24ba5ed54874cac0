/**
 * How asynclog finds Logback, hooks into its configuration and reads it for the Spring side, again
 * after a scan reload.
 * <p>
 * May use: {@code core.*}, every {@code logback.*} package, Logback, Spring Boot. Not:
 * {@code log4j2.*}, {@code autoconfigure.*}.
 */
package io.asynclog.logback.lifecycle;
