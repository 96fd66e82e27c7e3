import * as styles from './hero-illustration.css'

/** Decorative dashboard sketch beside the home hero on wide screens; hidden from assistive tech. */
export function HeroIllustration() {
  const bars = [48, 72, 60, 96, 84, 120, 132]
  return (
    <figure className={styles.figure} aria-hidden="true">
      <svg className={styles.svg} viewBox="0 0 420 300" focusable="false">
        <rect className={styles.panel} x="1" y="1" width="418" height="298" rx="18" />
        <rect className={styles.muted} x="28" y="28" width="120" height="12" rx="6" />
        <rect className={styles.muted} x="28" y="50" width="72" height="8" rx="4" />
        <rect className={styles.panel} x="260" y="24" width="132" height="44" rx="10" />
        <rect className={styles.bar} x="274" y="38" width="56" height="16" rx="4" />
        {bars.map((height, index) => (
          <rect
            key={height}
            className={index % 2 ? styles.barSoft : styles.bar}
            x={40 + index * 50}
            y={268 - height}
            width="28"
            height={height}
            rx="5"
          />
        ))}
        <path className={styles.line} d="M54 196 C 120 180, 150 150, 204 150 S 300 110, 354 96" />
        <circle className={styles.dot} cx="354" cy="96" r="7" />
      </svg>
    </figure>
  )
}
