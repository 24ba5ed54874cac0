/**
 * The door between the Spring side and a backend: {@code LoggingBackend}, how the one that runs is
 * found, and the checks that both logging bindings are not on the class path.
 * <p>
 * May use: {@code core.*}, Spring Boot. Not: a backend, {@code autoconfigure.*}, Log4j2, Logback,
 * the Disruptor.
 */
package io.asynclog.core.backend;
