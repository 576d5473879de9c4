/**
 * A snippet of plain script, `afterFirstPaint(go)`: calls `go` once, in a task after the browser
 * reports the page's first contentful paint (the paint timing entry, whose time is when the frame
 * was shown, not when it was drawn), at once in a hidden tab (no frames there), and after 1 s at the
 * latest (a browser without paint timing, or a page that paints nothing).
 */
export const AFTER_FIRST_PAINT =
  "function afterFirstPaint(go){var done=0;function once(){if(!done){done=1;setTimeout(go,0)}}" +
  'if(document.visibilityState==="hidden")return once();' +
  'try{new PerformanceObserver(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();once()}})' +
  '.observe({type:"paint",buffered:true})}catch(e){}setTimeout(once,1000)}';
