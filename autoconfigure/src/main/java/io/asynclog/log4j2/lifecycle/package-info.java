/**
 * How asynclog finds Log4j2, hooks into its configuration and reads it for the Spring side, with
 * its native-image hints.
 * <p>
 * May use: {@code core.*}, every {@code log4j2.*} package, Log4j2, Spring Boot. Not:
 * {@code logback.*}, {@code autoconfigure.*}.
 */
package io.asynclog.log4j2.lifecycle;
