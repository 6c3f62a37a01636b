package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// kappa is the distance of the control points of a cubic Bézier quarter circle of radius 1.
const kappa = 0.5522847498307936

// canvas draws anti-aliased shapes into an RGBA image with a reusable rasterizer. Every shape
// is rasterized only over its own bounding box.
type canvas struct {
	dst *image.RGBA
	z   vector.Rasterizer
}

// path rasterizes the path that build adds (in absolute pixel coordinates) over the bounding
// box bb and composites src over dst through it.
func (c *canvas) path(bb image.Rectangle, src image.Image, build func(z *vector.Rasterizer, ox, oy float32)) {
	bb = bb.Intersect(c.dst.Rect)
	if bb.Empty() {
		return
	}
	c.z.Reset(bb.Dx(), bb.Dy())
	c.z.DrawOp = draw.Over
	build(&c.z, float32(bb.Min.X), float32(bb.Min.Y))
	c.z.Draw(c.dst, bb, src, bb.Min)
}

func boxAround(cx, cy, r float64) image.Rectangle {
	return image.Rect(int(math.Floor(cx-r-1)), int(math.Floor(cy-r-1)), int(math.Ceil(cx+r+1)), int(math.Ceil(cy+r+1)))
}

// circlePath adds a circle; clockwise on screen when cw, else counter-clockwise (so an inner
// circle of the other direction cuts a hole).
func circlePath(z *vector.Rasterizer, ox, oy float32, cx, cy, r float64, cw bool) {
	x, y, R := float32(cx)-ox, float32(cy)-oy, float32(r)
	k := R * kappa
	s := float32(1)
	if !cw {
		s = -1
	}
	z.MoveTo(x+R, y)
	z.CubeTo(x+R, y+s*k, x+k, y+s*R, x, y+s*R)
	z.CubeTo(x-k, y+s*R, x-R, y+s*k, x-R, y)
	z.CubeTo(x-R, y-s*k, x-k, y-s*R, x, y-s*R)
	z.CubeTo(x+k, y-s*R, x+R, y-s*k, x+R, y)
	z.ClosePath()
}

// disc fills a circle of radius r centred at (cx, cy) with src.
func (c *canvas) disc(cx, cy, r float64, src image.Image) {
	c.path(boxAround(cx, cy, r), src, func(z *vector.Rasterizer, ox, oy float32) {
		circlePath(z, ox, oy, cx, cy, r, true)
	})
}

// ring fills the annulus between radii r-w/2 and r+w/2.
func (c *canvas) ring(cx, cy, r, w float64, src image.Image) {
	c.path(boxAround(cx, cy, r+w/2), src, func(z *vector.Rasterizer, ox, oy float32) {
		circlePath(z, ox, oy, cx, cy, r+w/2, true)
		circlePath(z, ox, oy, cx, cy, r-w/2, false)
	})
}

// line draws a straight segment of width w with square ends extended by w/2.
func (c *canvas) line(x0, y0, x1, y1, w float64, src image.Image) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l*w/2, dy/l*w/2 // along, half width
	nx, ny := -uy, ux            // normal, half width
	pts := [4][2]float64{
		{x0 - ux + nx, y0 - uy + ny}, {x1 + ux + nx, y1 + uy + ny},
		{x1 + ux - nx, y1 + uy - ny}, {x0 - ux - nx, y0 - uy - ny},
	}
	bb := image.Rect(int(math.Floor(math.Min(x0, x1)-w-1)), int(math.Floor(math.Min(y0, y1)-w-1)),
		int(math.Ceil(math.Max(x0, x1)+w+1)), int(math.Ceil(math.Max(y0, y1)+w+1)))
	c.path(bb, src, func(z *vector.Rasterizer, ox, oy float32) {
		z.MoveTo(float32(pts[0][0])-ox, float32(pts[0][1])-oy)
		for _, p := range pts[1:] {
			z.LineTo(float32(p[0])-ox, float32(p[1])-oy)
		}
		z.ClosePath()
	})
}

// roundRect fills a rectangle with corners rounded by radius rad.
func (c *canvas) roundRect(r image.Rectangle, rad float64, src image.Image) {
	c.path(r.Inset(-1), src, func(z *vector.Rasterizer, ox, oy float32) {
		roundRectPath(z, ox, oy, r, rad, true)
	})
}

// roundCorners paints src over the four corners of r that lie outside r rounded by rad.
func (c *canvas) roundCorners(r image.Rectangle, rad float64, src image.Image) {
	c.path(r, src, func(z *vector.Rasterizer, ox, oy float32) {
		x0, y0, x1, y1 := float32(r.Min.X)-ox, float32(r.Min.Y)-oy, float32(r.Max.X)-ox, float32(r.Max.Y)-oy
		z.MoveTo(x0, y0)
		z.LineTo(x1, y0)
		z.LineTo(x1, y1)
		z.LineTo(x0, y1)
		z.ClosePath()
		roundRectPath(z, ox, oy, r, rad, false)
	})
}

// roundRectPath adds the outline of r rounded by rad, clockwise on screen when cw.
func roundRectPath(z *vector.Rasterizer, ox, oy float32, r image.Rectangle, rad float64, cw bool) {
	x0, y0, x1, y1 := float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y)
	rad = math.Min(rad, math.Min(x1-x0, y1-y0)/2)
	k := rad * (1 - kappa)
	p := func(x, y float64) (float32, float32) { return float32(x) - ox, float32(y) - oy }
	// The outline as 4 straight edges and 4 corner curves, each curve given by its two control
	// points and its end point, walked clockwise.
	type seg struct{ line, c1, c2, end [2]float64 }
	segs := []seg{
		{[2]float64{x1 - rad, y0}, [2]float64{x1 - k, y0}, [2]float64{x1, y0 + k}, [2]float64{x1, y0 + rad}},
		{[2]float64{x1, y1 - rad}, [2]float64{x1, y1 - k}, [2]float64{x1 - k, y1}, [2]float64{x1 - rad, y1}},
		{[2]float64{x0 + rad, y1}, [2]float64{x0 + k, y1}, [2]float64{x0, y1 - k}, [2]float64{x0, y1 - rad}},
		{[2]float64{x0, y0 + rad}, [2]float64{x0, y0 + k}, [2]float64{x0 + k, y0}, [2]float64{x0 + rad, y0}},
	}
	if cw {
		z.MoveTo(p(x0+rad, y0))
		for _, s := range segs {
			z.LineTo(p(s.line[0], s.line[1]))
			a, b := p(s.c1[0], s.c1[1])
			c, d := p(s.c2[0], s.c2[1])
			e, f := p(s.end[0], s.end[1])
			z.CubeTo(a, b, c, d, e, f)
		}
		z.ClosePath()
		return
	}
	// Counter-clockwise: the same points in reverse order, starting from the end of the last
	// corner (which is the start point).
	z.MoveTo(p(x0+rad, y0))
	for i := len(segs) - 1; i >= 0; i-- {
		s := segs[i]
		a, b := p(s.c2[0], s.c2[1])
		c, d := p(s.c1[0], s.c1[1])
		e, f := p(s.line[0], s.line[1])
		z.CubeTo(a, b, c, d, e, f)
		pe := segs[(i+len(segs)-1)%len(segs)].end
		z.LineTo(p(pe[0], pe[1]))
	}
	z.ClosePath()
}

// fill composites src over the rectangle r of dst.
func (c *canvas) fill(r image.Rectangle, src image.Image) {
	draw.Draw(c.dst, r, src, image.Point{}, draw.Over)
}

// uniform returns a uniform source of colour col.
func uniform(col color.Color) *image.Uniform { return image.NewUniform(col) }

// radial is a radial gradient source: inner at (cx, cy), outer at distance r and beyond.
type radial struct {
	cx, cy, r    float64
	inner, outer color.RGBA
}

func (g *radial) ColorModel() color.Model { return color.RGBAModel }
func (g *radial) Bounds() image.Rectangle {
	return image.Rect(-1e9, -1e9, 1e9, 1e9)
}
func (g *radial) At(x, y int) color.Color {
	t := math.Hypot(float64(x)+0.5-g.cx, float64(y)+0.5-g.cy) / g.r
	if t > 1 {
		t = 1
	}
	return lerp(g.inner, g.outer, t)
}

func lerp(a, b color.RGBA, t float64) color.RGBA {
	m := func(p, q uint8) uint8 { return uint8(math.Round(float64(p) + (float64(q)-float64(p))*t)) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), m(a.A, b.A)}
}
