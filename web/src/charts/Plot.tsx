import Plotly from 'plotly.js-basic-dist-min'
import createPlotlyComponent from 'react-plotly.js/factory'

/**
 * The only module that imports Plotly. Chart.tsx loads it with a dynamic import, so the ~1 MB bundle
 * sits in its own lazy chunk and never in the initial route JavaScript.
 */
const Plot = createPlotlyComponent(Plotly)
export default Plot
