import { useMantineTheme } from '@mantine/core'
import type { Data, Layout } from 'plotly.js'
import { type CSSProperties, useMemo } from 'react'
import classes from './chart.module.css'
import type { CartesianModel, LegendItem, Paint, PieModel } from './static/model.ts'
import { staticModel } from './static/model.ts'
import { COLORWAY } from './theme.ts'

export interface StaticChartProps {
  readonly data: readonly Data[]
  readonly layout?: Partial<Layout> | undefined
  /** The chart's large height (px): the tick count on y follows it. */
  readonly height: number
}

const pct = (fraction: number) => `${Math.round(fraction * 100_000) / 1000}%`

/** The class and inline style that give an element its trace colour (--c). */
function paintProps(paint: Paint, base: string): { className: string; style?: CSSProperties } {
  if ('slot' in paint) return { className: `${base} ${classes[`s${paint.slot % COLORWAY.length}`] ?? ''}` }
  return { className: base, style: { '--c': paint.color } as CSSProperties }
}

/**
 * The first drawing of a chart: the figure as plain HTML and SVG (no Plotly), laid out in fractions of
 * the box and coloured by CSS, so it is cheap, renders the same on the server and in the browser, and
 * occupies exactly the box Plotly draws into later.
 */
export function StaticChart({ data, layout, height }: StaticChartProps) {
  const theme = useMantineTheme()
  // Colours that are colorway entries of either scheme draw with the slot's class: a caller that picked
  // them from the current scheme (the genre pie) must not freeze the server's scheme into the markup.
  const slotOfColor = useMemo(() => {
    const slots = new Map<string, number>()
    COLORWAY.forEach((name, i) => {
      for (const shade of [4, 6]) {
        const c = theme.colors[name]?.[shade]
        if (c) slots.set(c.toLowerCase(), i)
      }
    })
    return (color: string) => slots.get(color.toLowerCase())
  }, [theme])
  const model = useMemo(
    () => staticModel(data, layout ?? {}, { height, slotOfColor }),
    [data, layout, height, slotOfColor],
  )
  if (!model) return null
  return model.kind === 'pie' ? <StaticPie model={model} /> : <StaticCartesian model={model} />
}

function Legend({ items, side }: { items: readonly LegendItem[]; side?: boolean }) {
  if (items.length === 0) return null
  return (
    <div className={side ? `${classes.legend} ${classes.legendSide}` : classes.legend}>
      {items.map((item) => {
        const swatch =
          item.symbol === 'box'
            ? paintProps(item.paint, classes.swatchBox ?? '')
            : paintProps(item.paint, `${classes.swatchLine} ${item.dash ? classes.swatchDot : ''}`)
        return (
          <span key={item.name} className={classes.legendItem}>
            <span {...swatch} />
            {item.name}
          </span>
        )
      })}
    </div>
  )
}

function StaticCartesian({ model }: { model: CartesianModel }) {
  const { x, y, margin } = model
  const plotStyle: CSSProperties = { left: margin.l, right: margin.r, top: margin.t, bottom: margin.b }
  const texts = model.series.flatMap((s, si) =>
    s.kind === 'bars' ? s.rects.filter((r) => r.text).map((r, ri) => ({ r, key: `${si}-${ri}` })) : [],
  )
  return (
    <div className={classes.static} data-chart="static" aria-hidden="true">
      <div className={classes.stage}>
        <div className={classes.plot} style={plotStyle}>
          {y.ticks.map((t) => (
            <div key={`hg${t.value}`} className={classes.hgrid} style={{ top: pct(1 - t.at) }} />
          ))}
          {x.ticks.map((t) => (
            <div key={`vg${t.value}`} className={classes.vgrid} style={{ left: pct(t.at) }} />
          ))}
          <svg
            className={classes.svg}
            viewBox="0 0 1000 1000"
            preserveAspectRatio="none"
            width="100%"
            height="100%"
            role="presentation"
          >
            {model.series.map((s, i) => {
              if (s.kind === 'bars')
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: traces have no identity but their order
                  <g key={i} {...paintProps(s.paint, '')} opacity={s.opacity < 1 ? s.opacity : undefined}>
                    {s.rects.map((r, ri) => (
                      <rect
                        // biome-ignore lint/suspicious/noArrayIndexKey: bars are positional
                        key={ri}
                        className={classes.bar}
                        x={r.x}
                        y={r.y}
                        width={r.w}
                        height={r.h}
                        style={s.colors?.[ri] ? ({ '--c': s.colors[ri] } as CSSProperties) : undefined}
                      />
                    ))}
                  </g>
                )
              const paint = paintProps(s.paint, '')
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: traces have no identity but their order
                <g key={i} {...paint} opacity={s.opacity < 1 ? s.opacity : undefined}>
                  {s.fill ? (
                    <path
                      className={classes.area}
                      d={s.fill}
                      style={s.fillColor ? { fill: s.fillColor, fillOpacity: 1 } : undefined}
                    />
                  ) : null}
                  {s.d ? (
                    <path
                      className={classes.line}
                      d={s.d}
                      strokeWidth={s.width}
                      strokeDasharray={s.dash === 'dot' ? '0 4' : s.dash === 'dash' ? '9 6' : undefined}
                      vectorEffect="non-scaling-stroke"
                    />
                  ) : null}
                  {s.markers ? (
                    <path
                      className={classes.markers}
                      d={s.markers}
                      strokeWidth={s.markerSize}
                      vectorEffect="non-scaling-stroke"
                    />
                  ) : null}
                </g>
              )
            })}
          </svg>
          {model.shapes.map((s, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: shapes are positional
              key={`sh${i}`}
              className={classes.vline}
              style={{
                left: pct(s.at),
                borderLeft: `${s.width}px ${s.dash === 'solid' ? 'solid' : s.dash === 'dot' ? 'dotted' : 'dashed'} ${s.color}`,
              }}
            />
          ))}
          {model.flags.map((f, i) => (
            // The marker's hover text as its title; the chart's summary says the same to screen readers
            // (this drawing is hidden from them, as Plotly's is).
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: flags are positional
              key={`fl${i}`}
              className={classes.flag}
              style={{ left: pct(f.at), color: f.color }}
              title={f.title}
            >
              {f.symbol}
            </span>
          ))}
          {texts.length > 0 ? (
            // Unscaled, so the text keeps its shape; SVG text like Plotly's bar labels.
            <svg className={classes.barTexts} width="100%" height="100%" role="presentation">
              {texts.map(({ r, key }) => (
                <text
                  key={key}
                  className={classes.barText}
                  x={pct((r.x + r.w / 2) / 1000)}
                  y={pct((r.y + r.h / 2) / 1000)}
                >
                  {r.text}
                </text>
              ))}
            </svg>
          ) : null}
          {y.ticks.map((t) => (
            <span key={`yt${t.value}`} className={classes.ytick} style={{ top: pct(1 - t.at) }}>
              {t.label}
            </span>
          ))}
          {x.ticks.map((t, i) => (
            <span
              key={`xt${t.value}`}
              className={
                x.auto && i % 2 === 1 && x.ticks.length > 4
                  ? `${classes.xtick} ${classes.alt}`
                  : classes.xtick
              }
              style={{ left: pct(t.at) }}
            >
              {t.label}
              {t.sub ? <span className={classes.sub}>{t.sub}</span> : null}
            </span>
          ))}
        </div>
        {y.title ? (
          <span
            className={classes.ytitle}
            style={{ top: `calc(${margin.t}px + (100% - ${margin.t + margin.b}px) / 2)` }}
          >
            {y.title}
          </span>
        ) : null}
        {x.title ? (
          <span
            className={classes.xtitle}
            style={{ left: `calc(${margin.l}px + (100% - ${margin.l + margin.r}px) / 2)` }}
          >
            {x.title}
          </span>
        ) : null}
      </div>
      <Legend items={model.legend} />
    </div>
  )
}

function StaticPie({ model }: { model: PieModel }) {
  const { margin } = model
  const side = model.legendSide === 'right'
  return (
    <div
      className={side ? `${classes.static} ${classes.row}` : classes.static}
      data-chart="static"
      aria-hidden="true"
    >
      <div className={classes.stage}>
        <div
          className={classes.plot}
          style={{ left: margin.l, right: margin.r, top: margin.t, bottom: margin.b }}
        >
          <svg
            className={classes.svg}
            viewBox="0 0 1000 1000"
            preserveAspectRatio="xMidYMid meet"
            width="100%"
            height="100%"
            role="presentation"
          >
            {model.rings.map((ring, ri) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rings are the traces in order
              <g key={ri} opacity={ring.opacity < 1 ? ring.opacity : undefined}>
                {ring.slices.map((s, si) => (
                  <path
                    // biome-ignore lint/suspicious/noArrayIndexKey: slices are positional
                    key={si}
                    d={s.d}
                    {...paintProps(s.paint, classes.slice ?? '')}
                    vectorEffect="non-scaling-stroke"
                  />
                ))}
                {ring.slices.map((s, si) =>
                  s.text ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: slices are positional
                    <text key={`t${si}`} className={classes.pieText} x={s.text.x} y={s.text.y}>
                      {s.text.value}
                    </text>
                  ) : null,
                )}
              </g>
            ))}
          </svg>
        </div>
      </div>
      <Legend items={model.legend} side={side} />
    </div>
  )
}
