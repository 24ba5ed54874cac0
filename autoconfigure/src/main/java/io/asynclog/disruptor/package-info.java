/**
 * Backend-neutral adapters to the LMAX Disruptor that both backends' rings use, such as the
 * wait strategy that times a ring's background thread.
 * <p>
 * May use: {@code core.*}, the Disruptor. Not: a backend, {@code autoconfigure.*}, Log4j2,
 * Logback, Spring.
 */
package io.asynclog.disruptor;
